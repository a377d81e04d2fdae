import sys

from benchmarks.rag.run import main

sys.exit(main())
