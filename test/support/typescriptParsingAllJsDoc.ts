import * as ts from 'typescript';

/**
 * The bundled TypeScript as a compiler before JSDoc parsing modes (5.3) behaves: without
 * `JSDocParsingMode`, our compiler host sets none and every comment is parsed, in TypeScript files
 * too. What the faster parse must build the same graph as (`jsDocParsing.test.ts`, the bench).
 */
export const typescriptParsingAllJsDoc = Object.create(ts, { JSDocParsingMode: { value: undefined } }) as typeof ts;
