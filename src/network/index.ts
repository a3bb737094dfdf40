/** Networks and providers as the user meets them: the network status item, Switch Network, Choose Provider, what the provider serves, and the question before Hyperliquid's public API is used. */
export { registerNetworkCommands } from './networkCommands';
