import sys

from benchmarks.adapters.run import main

sys.exit(main())
