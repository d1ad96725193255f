let lastId = 0;

/** Keys of rule-builder nodes and list items; never rendered into the page, so server and browser need not agree. */
export const newRuleId = () => `rule-${(lastId += 1)}`;
