/** A configuration value as far as it can be read without running it (runnerConfig.ts): JSON-like, regex literals as `{ regex }`. */
export type ConfigValue = string | number | boolean | null | RegexValue | ConfigValue[] | ConfigObject;

export interface ConfigObject {
  [key: string]: ConfigValue | undefined;
}

export interface RegexValue {
  regex: string;
  flags: string;
}
