import sys

from benchmarks.speed import main

sys.exit(main())
