"""The core of parlour: cards, card sets, options, the Game/State/View base,
the registry, match records and errors. No third-party dependency."""
