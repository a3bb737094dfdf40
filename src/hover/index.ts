import type { Services } from '../platform/services';

// Placeholder until the feature lands.
export function registerBlockHover(_services: Services): void {}
