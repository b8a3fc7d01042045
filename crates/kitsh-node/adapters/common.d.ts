// Types shared by the adapters of the `kitsh` package.
import type { BashOptions, BashTool, ScriptedTool } from '../index';

/** What an adapter takes: a kitsh tool, or the options of a new BashTool. */
export type KitshTool = BashTool | ScriptedTool | BashOptions | undefined;
