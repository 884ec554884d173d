import type { PluginOption, UserConfig } from 'vite';

export function appConfig(options: {
  base: string;
  port: number;
  manualChunks: (id: string) => string | undefined;
  plugins?: PluginOption[];
}): UserConfig;
