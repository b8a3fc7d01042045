printf '#!/usr/bin/perl\n' > pl; printf '#!/usr/bin/env node\n' > js
printf '#!/bin/sh\necho caf\303\251\n' > u
file pl js u
