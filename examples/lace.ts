/**
 * Lace: registering code-index's tools in a Lace agent, as a plugin or directly. Lace's `Tool` base class lives in
 * Lace itself (not on npm), so it is passed in: `registerDirectly(Tool, toolRegistry, projectRoot)` inside Lace, or
 * `plugin(projectRoot)` as a plugin entry that Lace calls with `{ Tool, registerTool }`.
 */
import { createToolbox } from 'code-index/tools';
import { createLacePlugin, createLaceTools, type LacePluginApi, type LaceToolBase } from 'code-index/lace';

/** A plugin entry: Lace calls `register({ Tool, registerTool })`. */
export async function plugin(root: string): Promise<{ name: string; register(api: LacePluginApi): void; close(): void }> {
  const toolbox = await createToolbox({ root, toolset: 'code_analyze' });
  return { ...createLacePlugin(toolbox), close: () => toolbox.close() };
}

/** Direct registration into a tool registry Lace already has. */
export async function registerDirectly(Tool: LaceToolBase, registry: { register(tool: unknown): void }, root: string): Promise<() => void> {
  const toolbox = await createToolbox({ root, toolset: ['code_analyze', 'treesitter'] });
  for (const tool of createLaceTools(Tool, toolbox)) registry.register(tool);
  return () => toolbox.close();
}
