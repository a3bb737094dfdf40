import * as vscode from 'vscode';
import { isAddress } from '../core/hex';
import { parseAddress } from '../core/input';
import type { Address } from '../core/model';
import { givenOrAsked } from '../platform/givenOrAsked';
import { notify } from '../platform/notify';
import type { Services } from '../platform/services';
import { escapeLinksAndIcons } from '../view/escape';
import { shortAddress } from '../view/format';
import { workspaceContracts } from '../contracts/api';
import { SimulationPanel, type SimulationResult, type SimulationTarget } from './simulationPanel';
import { panelStateTarget } from './protocol';

/**
 * Read & Simulate: a contract's address from the argument (a hover's link, the address page), else
 * asked; from the Explorer's context menu, an artifact file: its ABI, at an address the workspace
 * deployed it at or one typed. Resolves to what the page ended up showing, or undefined.
 */
export async function readAndSimulate(services: Services, arg: unknown): Promise<SimulationResult | undefined> {
  if (arg instanceof vscode.Uri) return fromArtifact(services, arg);
  const given = arg === undefined ? undefined : parseAddress(typeof arg === 'string' ? arg : '', vscode.l10n.t);
  const asked = await givenOrAsked(
    services,
    given,
    (error) => vscode.l10n.t('Cannot open Read & Simulate: {0}', error),
    () => askForAddress(),
  );
  return asked && SimulationPanel.createOrShow(services, { address: asked.query });
}

/** A page VS Code restores after a window reload, with what its webview kept. */
export function revive(services: Services, panel: vscode.WebviewPanel, state: unknown): void {
  SimulationPanel.revive(services, panel, panelStateTarget(state));
}

/** The page for `target` (the address page's link, through `api.ts`). */
export function showSimulation(services: Services, target: SimulationTarget): Promise<SimulationResult> {
  return SimulationPanel.createOrShow(services, target);
}

async function fromArtifact(services: Services, uri: vscode.Uri): Promise<SimulationResult | undefined> {
  const asked = await connectedOnly(services);
  if (!asked) return undefined;
  const artifact = await workspaceContracts(services).artifact(asked.clients, uri.toString());
  if (!artifact) {
    void notify(
      'warning',
      vscode.l10n.t('This file is not a contract artifact the workspace’s contracts know (or reading them is off): Read & Simulate needs its ABI.'),
    );
    return undefined;
  }
  const address = await pickAddress(artifact.abi.name, artifact.deployed);
  return address && SimulationPanel.createOrShow(services, { address, abiUri: uri.toString() });
}

/** The connection's clients (its key asked for, or demo data offered, when there is none); nothing else is asked. */
export function connectedOnly(services: Services): ReturnType<typeof givenOrAsked<true>> {
  return givenOrAsked(
    services,
    undefined,
    (e) => e,
    async () => true as const,
  );
}

/** One of the addresses the workspace deployed the contract at, or one typed. */
async function pickAddress(name: string, deployed: Address[]): Promise<Address | undefined> {
  if (deployed.length === 0) return askForAddress(name);
  const other = vscode.l10n.t('Another address…');
  const items = [...deployed.map((a) => ({ label: a, description: shortAddress(a) })), { label: other, description: '' }];
  const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Read & Simulate {0}: at which address?', name), ignoreFocusOut: true });
  if (!pick) return undefined;
  return pick.label === other ? askForAddress(name) : isAddress(pick.label) ? (pick.label.toLowerCase() as Address) : undefined;
}

async function askForAddress(name?: string): Promise<Address | undefined> {
  const typed = await vscode.window.showInputBox({
    title: name ? vscode.l10n.t('Read & Simulate {0}', name) : vscode.l10n.t('Hyperliquid: Read & Simulate'),
    prompt: vscode.l10n.t('A contract’s address on HyperEVM: 0x followed by 40 hex digits. Nothing is signed or sent.'),
    placeHolder: '0x…',
    ignoreFocusOut: true,
    validateInput: (text) => {
      if (text.trim() === '') return undefined;
      const parsed = parseAddress(text, vscode.l10n.t);
      return parsed.ok ? undefined : { message: escapeLinksAndIcons(parsed.error), severity: vscode.InputBoxValidationSeverity.Error };
    },
  });
  if (typed === undefined) return undefined;
  const parsed = parseAddress(typed, vscode.l10n.t);
  return parsed.ok ? (parsed.value.toLowerCase() as Address) : undefined;
}
