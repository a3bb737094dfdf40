/**
 * What every tree's rows share, as plain data (no `vscode`): an icon by its codicon and theme colour, and
 * a tooltip as content. The glue turns them into `ThemeIcon`s and Markdown (`platform/treeItems.ts`).
 */

/** A codicon and an optional theme colour id, as plain data. */
export interface IconRef {
  id: string;
  color?: string;
}

/** A tooltip as plain data: a title, an optional first paragraph, `name: value` lines, a closing note. */
export interface TooltipContent {
  title: string;
  intro?: string;
  lines: [name: string, value: string][];
  note?: string;
}
