/**
 * What the workspace-contracts feature offers other features: the one `WorkspaceContracts` (the index of
 * the open workspace's contracts, made on first use) and the shapes of what it decodes. The transaction
 * page, the block page, the hovers and Look Up load this file when they first need it, not at activation.
 */
export { workspaceContracts, type WorkspaceContracts } from './contractsHost';
export { contractsNamed, nameLookup, type ContractName, type NamedDeployment } from './names';
export type { WorkspaceDecoder, OwnContracts, Decoded, DecodedValue } from './decode';
export type { TransactionDecoding, ContractDecoding } from './transactionDecoding';
/** The EIP-1967 implementation slot and the address a storage word holds (the address page reads a proxy's). */
export { EIP1967_IMPLEMENTATION_SLOT, addressInWord } from './transactionDecoding';
export type { WorkspaceContract, FileRef, KnownAbi } from './contractIndex';
export type { AbiFunction, AbiParam } from './abi';
