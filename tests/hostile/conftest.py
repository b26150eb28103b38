"""tests/hostile/ holds two scripts run by hand (campaign.py, issue 21's
findings; soak.py, issue 29's soak) and two test files, test_review_surfaces.py
(issue 29's ten cases) and test_accounts_hostile.py (issue 32: floods of
accounts, sign-ins and chat). pytest collects the test files only: not the
scripts, not even for doctests."""

collect_ignore = ["campaign.py", "soak.py"]
