import sys

from benchmarks.open_questions.run import main

sys.exit(main())
