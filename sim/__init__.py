"""clickbound.sim — click-model environments, policies, the batched engine and the runner."""
