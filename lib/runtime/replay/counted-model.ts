/**
 * A run's model with its calls counted. A replay reports how many model calls it made (the
 * `maxSteps` expectation reads it); counting them as they happen spares reading the stored run back.
 */
import type { LanguageModelObject } from '../model-registry';

export function countedModel(model: LanguageModelObject): { model: LanguageModelObject; calls: () => number } {
  let calls = 0;
  const counted = new Proxy(model, {
    get(target, key) {
      if (key === 'doGenerate' || key === 'doStream') {
        const call = target[key] as (options: unknown) => unknown;
        return (options: unknown) => {
          calls += 1;
          return call.call(target, options);
        };
      }
      // The model's own getters and methods see the model itself, never the proxy.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { model: counted, calls: () => calls };
}
