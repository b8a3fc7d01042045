wat;
