/** Demo tools that work offline; `studio.config.ts` registers them. */
import { convertUnitsTool } from './convert-units';
import { searchKnowledgeBaseTool } from './search-knowledge-base';
import { worldTimeTool } from './world-time';

export { convertUnitsTool, units, type UnitSymbol } from './convert-units';
export { createSearchKnowledgeBaseTool, searchKnowledgeBaseTool } from './search-knowledge-base';
export { knowledgeBase, type KnowledgeBaseArticle } from './knowledge-base';
export { createWorldTimeTool, worldTimeTool } from './world-time';

/** Keyed by id, ready for `createStudio({ tools })`. */
export const demoTools = {
  [convertUnitsTool.id]: convertUnitsTool,
  [worldTimeTool.id]: worldTimeTool,
  [searchKnowledgeBaseTool.id]: searchKnowledgeBaseTool,
};
