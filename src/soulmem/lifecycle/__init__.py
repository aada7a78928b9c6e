"""How memories live: the surprise filter, tiers and expiry, the forgetting queue,
promotion with distillation, decay, consolidation, pruning, endless mode, and the
maintenance that runs them by the clock."""
