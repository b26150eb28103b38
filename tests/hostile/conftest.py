"""tests/hostile/ holds two scripts run by hand (campaign.py, issue 21's
findings; soak.py, issue 29's soak) and one test file, test_review_surfaces.py
(issue 29's ten cases). pytest collects the test file only: not the scripts,
not even for doctests."""

collect_ignore = ["campaign.py", "soak.py"]
