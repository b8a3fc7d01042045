sleep abc
