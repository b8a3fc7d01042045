printf '#!/bin/sh\necho hi\n' > s.sh; printf '#!/bin/bash\n' > b.sh; printf '#!/usr/bin/env bash\n' > e.sh
printf '#!/usr/bin/env python3\nprint(1)\n' > p.py; printf '#!/bin/zsh\n' > z; printf '#!/usr/bin/env foo\n' > f; printf '#!/bin/dash\n' > da
file s.sh b.sh e.sh p.py z f da
