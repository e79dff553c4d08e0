/** The configuration cannot work: the message names the setting and what it needs. */
export class ConfigError extends Error {}
