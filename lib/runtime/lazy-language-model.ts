/**
 * A language model whose provider package is loaded by its first call. Resolving a model name
 * stays synchronous (and `model_not_configured` is still reported when the name is resolved),
 * while a studio that never calls a provider's model never loads that provider's package.
 *
 * It implements the AI SDK's `LanguageModelV3` by handing every call to the real model, created on
 * the first `doGenerate`, `doStream` or `supportedUrls` read. `provider` is known up front (the
 * provider string the real model reports, e.g. `openai.responses`), because the run reads it to
 * pick the provider's native tools before the first call.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { loadOnce } from '../load-once';

export class LazyLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider: string;
  readonly modelId: string;
  /** The real model, created on first use. */
  readonly model: () => Promise<LanguageModelV3>;

  constructor({
    provider,
    modelId,
    load,
  }: {
    provider: string;
    modelId: string;
    /** Creates the real model (loading its provider package); called once, again after a failure. */
    load: () => Promise<LanguageModelV3>;
  }) {
    this.provider = provider;
    this.modelId = modelId;
    this.model = loadOnce(load);
  }

  get supportedUrls(): PromiseLike<Record<string, RegExp[]>> {
    return this.model().then((model) => model.supportedUrls);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    return (await this.model()).doGenerate(options);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    return (await this.model()).doStream(options);
  }
}
