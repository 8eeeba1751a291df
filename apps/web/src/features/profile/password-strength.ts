import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/*
 * zxcvbn-ts with its common and English dictionaries (a few hundred KB). Only imported dynamically by
 * usePasswordStrength, once someone types a new password, so it is a chunk of its own and no first page grows.
 */
const factory = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

/** How strong a password is (0 very weak … 4 very strong) with the library's advice; words like the person's name or email count against it. */
export function rate(password: string, userInputs: string[]): { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] } {
  const result = factory.check(password.slice(0, 100), userInputs);
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
