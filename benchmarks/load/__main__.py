import sys

from benchmarks.load.run import main

sys.exit(main())
