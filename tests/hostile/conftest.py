"""tests/hostile/ holds a script (campaign.py, run by hand), which pytest does
not collect, not even for doctests, and the tests of the accounts' routes
under floods (test_accounts_hostile.py), which it does."""

collect_ignore = ["campaign.py"]
