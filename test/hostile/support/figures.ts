/**
 * The hostile suite's figures, counted while it runs (never typed in): what was tried, and what went
 * wrong. Each process of the suite (Node part, in-host part) writes its own counts to a JSON file; the
 * runner adds them up, prints them and writes docs/RELIABILITY.md.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Figures {
  /** Values a user could type, given to a parser or validator, or typed into the real UI. */
  badInputs: number;
  /** Faulty answers actually served: error statuses, resets, truncation, hangs, oversize bodies… */
  faultsInjected: number;
  /** Answers mutated or crafted (wrong types, markup, huge numbers…) and decoded by the real clients. */
  responsesMutated: number;
  /** Texts searched for the API key and the request URL (messages, logs, DOM, tooltips, storage). */
  textsSearched: number;
  /** Checks that the last good data survived a failure. */
  staleChecks: number;
  /** Unhandled rejections, uncaught exceptions, errors other than ProviderError out of a client, extension-host errors. */
  crashes: number;
  /** Finds of the key or the request URL. */
  leaks: number;
  /** Failures after which the last good data (or what the user typed) was gone. */
  dataLost: number;
  /** Markup that became markup (an element, a link, a script) instead of text. */
  markupRendered: number;
}

export const FIGURE_NAMES: (keyof Figures)[] = [
  'badInputs',
  'faultsInjected',
  'responsesMutated',
  'textsSearched',
  'staleChecks',
  'crashes',
  'leaks',
  'dataLost',
  'markupRendered',
];

/** The figures that must be 0 for the suite to pass. */
export const MUST_BE_ZERO: (keyof Figures)[] = ['crashes', 'leaks', 'dataLost', 'markupRendered'];

export function emptyFigures(): Figures {
  return { badInputs: 0, faultsInjected: 0, responsesMutated: 0, textsSearched: 0, staleChecks: 0, crashes: 0, leaks: 0, dataLost: 0, markupRendered: 0 };
}

/** This process's counts. */
export const figures: Figures = emptyFigures();

/** What each crash, leak or loss was, so a failing run says where. */
export const incidents: string[] = [];

export function incident(kind: keyof Figures, what: string): void {
  figures[kind] += 1;
  incidents.push(`${kind}: ${what}`);
}

export const RESULTS_DIR = path.resolve(__dirname, '..', '..', '..', 'test-results', 'hostile');

export function figuresFile(part: string): string {
  return path.join(RESULTS_DIR, `figures-${part}.json`);
}

export interface FiguresReport {
  part: string;
  figures: Figures;
  incidents: string[];
  tests: { passed: number; failed: number };
  ms: number;
}

export function writeFigures(report: FiguresReport): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(figuresFile(report.part), JSON.stringify(report, null, 2));
}
