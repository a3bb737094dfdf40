// A small Foundry project for the demo chain: two contracts' sources, their build output (`out/`) and
// the broadcast of the script that "deployed" them on chain 999 at the demo chain's addresses. Opened as
// a workspace folder (`npm run demo`, the UI suite), it makes the demo's transactions decode: the token
// transfer's method and logs by name, the failed Treasury payout's custom error and call tree. Pure:
// file paths and their text.
import { DEMO_CHAIN_ID, DEMO_TOKEN_CONTRACT, demoContractPool } from './chain';

/** Where the demo project says it deployed each contract. */
export function demoProjectAddresses(): { treasury: string; token: string } {
  return { treasury: demoContractPool()[3] as string, token: DEMO_TOKEN_CONTRACT };
}

const param = (name: string, type: string, indexed?: boolean) => ({ name, type, internalType: type, ...(indexed === undefined ? {} : { indexed }) });

const TOKEN_ABI = [
  { type: 'function', name: 'balanceOf', inputs: [param('owner', 'address')], outputs: [param('', 'uint256')], stateMutability: 'view' },
  {
    type: 'function',
    name: 'transfer',
    inputs: [param('to', 'address'), param('amount', 'uint256')],
    outputs: [param('', 'bool')],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'transferFrom',
    inputs: [param('from', 'address'), param('to', 'address'), param('amount', 'uint256')],
    outputs: [param('', 'bool')],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'approve',
    inputs: [param('spender', 'address'), param('amount', 'uint256')],
    outputs: [param('', 'bool')],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    name: 'Transfer',
    inputs: [param('from', 'address', true), param('to', 'address', true), param('value', 'uint256', false)],
    anonymous: false,
  },
  {
    type: 'event',
    name: 'Approval',
    inputs: [param('owner', 'address', true), param('spender', 'address', true), param('value', 'uint256', false)],
    anonymous: false,
  },
  { type: 'error', name: 'InsufficientBalance', inputs: [param('available', 'uint256'), param('required', 'uint256')] },
];

const TREASURY_ABI = [
  { type: 'function', name: 'transfer', inputs: [param('to', 'address'), param('amount', 'uint256')], outputs: [], stateMutability: 'nonpayable' },
  { type: 'event', name: 'Paid', inputs: [param('to', 'address', true), param('amount', 'uint256', false)], anonymous: false },
  { type: 'error', name: 'NotOwner', inputs: [param('caller', 'address')] },
];

/** The selectors Foundry writes beside the ABI (test/unit checks them against keccak-256). */
export const DEMO_PROJECT_METHODS = {
  DemoToken: {
    'approve(address,uint256)': '095ea7b3',
    'balanceOf(address)': '70a08231',
    'transfer(address,uint256)': 'a9059cbb',
    'transferFrom(address,address,uint256)': '23b872dd',
  },
  Treasury: { 'transfer(address,uint256)': 'a9059cbb' },
} as const;

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The demo's token: balances, allowances and a custom error instead of a revert string.
contract DemoToken {
    error InsufficientBalance(uint256 available, uint256 required);

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        emit Approval(from, msg.sender, allowance[from][msg.sender]);
        _move(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        uint256 available = balanceOf[from];
        if (available < amount) revert InsufficientBalance(available, amount);
        balanceOf[from] = available - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
`;

const TREASURY_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DemoToken} from "./DemoToken.sol";

/// Pays out the demo token: the token's own checks (and custom errors) decide.
contract Treasury {
    error NotOwner(address caller);

    event Paid(address indexed to, uint256 amount);

    DemoToken public immutable token;
    address public immutable owner;

    constructor(DemoToken token_) {
        token = token_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        token.balanceOf(address(this));
        token.transfer(to, amount);
        emit Paid(to, amount);
    }
}
`;

function artifact(file: string, name: string, abi: unknown[], methods: Record<string, string>): string {
  return JSON.stringify(
    {
      abi,
      bytecode: { object: '0x6080604052', sourceMap: '', linkReferences: {} },
      deployedBytecode: { object: '0x6080604052', sourceMap: '', linkReferences: {} },
      methodIdentifiers: methods,
      metadata: { settings: { compilationTarget: { [`src/${file}`]: name } } },
      id: 0,
    },
    null,
    2,
  );
}

/** The project's files, by path relative to its folder. */
export function demoFoundryProject(): Record<string, string> {
  const { treasury, token } = demoProjectAddresses();
  const create = (contractName: string, contractAddress: string, i: number) => ({
    hash: `0x${(i + 1).toString(16).padStart(64, 'd')}`,
    transactionType: 'CREATE',
    contractName,
    contractAddress,
    function: null,
    arguments: null,
    transaction: {
      from: '0x3217cce5d8c320717e50df51e36008fef107018c',
      gas: '0x1e8480',
      value: '0x0',
      input: '0x6080604052',
      chainId: `0x${DEMO_CHAIN_ID.toString(16)}`,
    },
    additionalContracts: [],
    isFixedGasLimit: false,
  });
  const broadcast = {
    transactions: [create('DemoToken', token, 0), create('Treasury', treasury, 1)],
    receipts: [],
    libraries: [],
    pending: [],
    chain: DEMO_CHAIN_ID,
  };
  return {
    'foundry.toml': '[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\n',
    'src/DemoToken.sol': TOKEN_SOURCE,
    'src/Treasury.sol': TREASURY_SOURCE,
    'out/DemoToken.sol/DemoToken.json': artifact('DemoToken.sol', 'DemoToken', TOKEN_ABI, DEMO_PROJECT_METHODS.DemoToken),
    'out/Treasury.sol/Treasury.json': artifact('Treasury.sol', 'Treasury', TREASURY_ABI, DEMO_PROJECT_METHODS.Treasury),
    [`broadcast/Deploy.s.sol/${DEMO_CHAIN_ID}/run-latest.json`]: JSON.stringify(broadcast, null, 2),
  };
}
