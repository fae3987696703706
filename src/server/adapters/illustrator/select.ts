import { createGeminiIllustrator, type IllustratorLogger } from './gemini';
import type { Illustrator } from './index';
import { createOpenAiIllustrator, type PhotoChecker } from './openai';

export type IllustratorConfig = {
  provider: 'local' | 'gemini' | 'openai';
  geminiApiKey?: string | undefined;
  openaiApiKey?: string | undefined;
  geminiModel?: string | undefined;
  openaiModel?: string | undefined;
  geminiBaseUrl?: string | undefined;
  openaiBaseUrl?: string | undefined;
};

/**
 * The illustrator of the configured provider. `local` is the embedded offline one, built by the
 * caller. A hosted provider without a key still gets its adapter: every call then answers
 * AI_API_KEY_MISSING, which the shop shows as "service unavailable, contact support".
 */
export function selectIllustrator(
  config: IllustratorConfig,
  local: Illustrator,
  deps: { logger?: IllustratorLogger; photoChecker?: PhotoChecker } = {},
): Illustrator {
  switch (config.provider) {
    case 'gemini':
      return createGeminiIllustrator({
        apiKey: config.geminiApiKey,
        baseUrl: config.geminiBaseUrl,
        ...(config.geminiModel ? { model: config.geminiModel } : {}),
        ...(deps.logger ? { logger: deps.logger } : {}),
      });
    case 'openai':
      return createOpenAiIllustrator({
        apiKey: config.openaiApiKey,
        baseUrl: config.openaiBaseUrl,
        photoChecker: deps.photoChecker,
        ...(config.openaiModel ? { model: config.openaiModel } : {}),
        ...(deps.logger ? { logger: deps.logger } : {}),
      });
    case 'local':
      return local;
  }
}
