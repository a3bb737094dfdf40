/**
 * Real contracts for the workspace-decoding conformance suite, compiled with solc from npm (the
 * Solidity compiler as JavaScript: no download): a token with a custom error, a treasury that pays
 * through it (a nested call that reverts, events with a string), a CoreWriter-shaped call to a stand-in
 * at 0x3333…3333, and an EIP-1967 proxy in front of a counter. Also the build output as Foundry and
 * Hardhat write it, for the compiled contracts and the addresses they were deployed at.
 */
import type { Hex } from 'viem';

export const CORE_WRITER = '0x3333333333333333333333333333333333333333';

export const SOURCES: Record<string, string> = {
  'src/Token.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Token {
    error InsufficientBalance(uint256 available, uint256 required);
    event Transfer(address indexed from, address indexed to, uint256 value);

    mapping(address => uint256) public balanceOf;

    constructor(address holder, uint256 supply) {
        balanceOf[holder] = supply;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 available = balanceOf[msg.sender];
        if (available < amount) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
`,
  'src/Treasury.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Token} from "./Token.sol";

interface ICoreWriter {
    function sendRawAction(bytes calldata data) external;
}

contract Treasury {
    error NotOwner(address caller);
    event Paid(address indexed to, uint256 amount, string memo);

    Token public token;
    address public owner;

    constructor(Token token_) {
        token = token_;
        owner = msg.sender;
    }

    function pay(address to, uint256 amount, string calldata memo) external returns (uint256 left) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        token.transfer(to, amount);
        emit Paid(to, amount, memo);
        return token.balanceOf(address(this));
    }

    /// A HyperCore limit order through CoreWriter: version 1, action 1, then the fields ABI-encoded.
    function placeOrder(uint32 asset, bool isBuy, uint64 limitPx, uint64 sz) external {
        bytes memory data = abi.encodePacked(uint8(1), uint24(1), abi.encode(asset, isBuy, limitPx, sz, false, uint8(2), uint128(0)));
        ICoreWriter(0x3333333333333333333333333333333333333333).sendRawAction(data);
    }
}
`,
  'src/CoreWriter.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Stands in for HyperEVM's CoreWriter (0x3333…3333): logs the action, as the real one does.
contract CoreWriter {
    event RawAction(address indexed user, bytes data);

    function sendRawAction(bytes calldata data) external {
        emit RawAction(msg.sender, data);
    }
}
`,
  'src/Counter.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    error TooBig(uint256 by, uint256 max);
    event Incremented(address indexed by, uint256 value);

    uint256 public value;

    function increment(uint256 by) external returns (uint256) {
        if (by > 100) revert TooBig(by, 100);
        value += by;
        emit Incremented(msg.sender, value);
        return value;
    }
}
`,
  'src/Proxy.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal EIP-1967 proxy: the implementation in the standard slot, every call delegated to it.
contract Proxy {
    bytes32 private constant SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation) {
        assembly {
            sstore(SLOT, implementation)
        }
    }

    fallback() external payable {
        assembly {
            let impl := sload(SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
`,
};

/**
 * Read & Simulate's own: a vault with a view that returns a struct, a pure function, and a write that
 * reverts with a custom error or emits an event. Compiled beside SOURCES when asked (`compile(SIMULATION_SOURCES)`).
 */
export const SIMULATION_SOURCES: Record<string, string> = {
  'src/Vault.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Vault {
    struct Position {
        uint256 size;
        bool open;
        address owner;
    }

    error TooMuch(uint256 asked, uint256 available);
    event Withdrawn(address indexed by, uint256 amount, uint256 left);

    uint256 public total = 1000;
    mapping(address => Position) private positions;

    constructor() {
        positions[msg.sender] = Position(42, true, msg.sender);
    }

    function position(address owner) external view returns (Position memory p) {
        return positions[owner];
    }

    function label() external pure returns (string memory) {
        return "vault";
    }

    function withdraw(uint256 amount) external returns (uint256 left) {
        if (amount > total) revert TooMuch(amount, total);
        total -= amount;
        emit Withdrawn(msg.sender, amount, total);
        return total;
    }
}
`,
};

export interface Compiled {
  file: string;
  name: string;
  abi: unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
  methodIdentifiers: Record<string, string>;
  metadata: string;
}

/** Every contract of SOURCES, compiled by solc (solcjs). Throws on any compiler error. */
export function compile(extra: Record<string, string> = {}): { version: string; contracts: Record<string, Compiled> } {
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries({ ...SOURCES, ...extra }).map(([file, content]) => [file, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers', 'metadata'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<
      string,
      Record<
        string,
        {
          abi: unknown[];
          metadata: string;
          evm: { bytecode: { object: string }; deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> };
        }
      >
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts: Record<string, Compiled> = {};
  for (const [file, byName] of Object.entries(output.contracts)) {
    for (const [name, c] of Object.entries(byName)) {
      contracts[name] = {
        file,
        name,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        methodIdentifiers: c.evm.methodIdentifiers,
        metadata: c.metadata,
      };
    }
  }
  return { version: solc.version(), contracts };
}

/** Foundry's layout: `out/<File>.sol/<Contract>.json` and the broadcast of the deploy script on `chainId`. */
export function foundryLayout(contracts: Record<string, Compiled>, deployed: Record<string, Hex>, chainId: number): Record<string, string> {
  const files: Record<string, string> = { 'foundry.toml': '[profile.default]\nsrc = "src"\nout = "out"\n' };
  for (const [file, content] of Object.entries(SOURCES)) files[file] = content;
  for (const c of Object.values(contracts)) {
    const base = c.file.split('/').pop()!;
    files[`out/${base}/${c.name}.json`] = JSON.stringify({
      abi: c.abi,
      bytecode: { object: c.bytecode, sourceMap: '', linkReferences: {} },
      deployedBytecode: { object: c.deployedBytecode, sourceMap: '', linkReferences: {}, immutableReferences: {} },
      methodIdentifiers: c.methodIdentifiers,
      rawMetadata: c.metadata,
      metadata: JSON.parse(c.metadata) as unknown,
      id: 0,
    });
  }
  files[`out/build-info/0000.json`] = JSON.stringify({ id: '0000', source_id_to_path: {}, language: 'Solidity' });
  const transactions = Object.entries(deployed).map(([name, address], i) => ({
    hash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
    transactionType: 'CREATE',
    contractName: name,
    contractAddress: address,
    function: null,
    arguments: null,
    transaction: { from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', input: '0x', chainId: `0x${chainId.toString(16)}` },
    additionalContracts: [],
    isFixedGasLimit: false,
  }));
  files[`broadcast/Deploy.s.sol/${chainId}/run-latest.json`] = JSON.stringify({ transactions, receipts: [], libraries: [], pending: [], chain: chainId });
  return files;
}

/**
 * Hardhat's layout: `artifacts/contracts/<File>.sol/<Contract>.json` (with its `.dbg.json`), Ignition's
 * `deployed_addresses.json` for the token and treasury, and hardhat-deploy's `deployments/localhost/` for
 * the proxy (its `implementation` named, its ABI the implementation's) with the network's `.chainId`.
 */
export function hardhatLayout(contracts: Record<string, Compiled>, deployed: Record<string, Hex>, chainId: number): Record<string, string> {
  const files: Record<string, string> = { 'hardhat.config.js': 'module.exports = { solidity: "0.8.24" };\n' };
  for (const [file, content] of Object.entries(SOURCES)) files[file.replace(/^src\//, 'contracts/')] = content;
  for (const c of Object.values(contracts)) {
    const sourceName = c.file.replace(/^src\//, 'contracts/');
    const dir = `artifacts/${sourceName}`;
    files[`${dir}/${c.name}.json`] = JSON.stringify({
      _format: 'hh-sol-artifact-1',
      contractName: c.name,
      sourceName,
      abi: c.abi,
      bytecode: c.bytecode,
      deployedBytecode: c.deployedBytecode,
      linkReferences: {},
      deployedLinkReferences: {},
    });
    files[`${dir}/${c.name}.dbg.json`] = JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../../build-info/x.json' });
  }
  files[`ignition/deployments/chain-${chainId}/deployed_addresses.json`] = JSON.stringify({
    'TreasuryModule#Token': deployed.Token,
    'TreasuryModule#Treasury': deployed.Treasury,
  });
  files['deployments/localhost/.chainId'] = String(chainId);
  files['deployments/localhost/Counter.json'] = JSON.stringify({ address: deployed.Proxy, abi: contracts.Counter!.abi, implementation: deployed.Counter });
  files['deployments/localhost/Counter_Implementation.json'] = JSON.stringify({ address: deployed.Counter, abi: contracts.Counter!.abi });
  return files;
}
