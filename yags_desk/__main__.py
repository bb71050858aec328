from yags_desk.cli import main

raise SystemExit(main())
