export { AiProvider } from './ai-provider';
export type { ExtractionInput, ProviderFile } from './ai-provider';
export { AiProviderError } from './ai-provider.error';
