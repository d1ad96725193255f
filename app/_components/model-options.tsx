import type { ModelSuggestion } from './model-suggestions';

/** The Model field's suggestions; a model whose provider has no key is labelled "needs a key". */
export function ModelOptions({ id, suggestions }: { id: string; suggestions: ModelSuggestion[] }) {
  return (
    <datalist id={id}>
      {suggestions.map(({ model, needsKey }) => (
        <option key={model} value={model} label={needsKey ? `${model} (needs a key)` : undefined} />
      ))}
    </datalist>
  );
}
