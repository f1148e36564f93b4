/** The options `build`, `check` and `serve` share: where the content is and the site goes, how to
 * report, and how to build. */
import { type Command, Option } from 'commander';
import { parseFolder, parseUrl, parseWorkers } from './parsers.js';

export type Reporter = 'pretty' | 'json' | 'github';

export interface CommonOptions {
  force?: boolean;
  content: string;
  out: string;
  baseUrl?: string;
  reporter: Reporter;
  quiet?: boolean;
  profile?: boolean;
  debug?: boolean;
  cache: boolean;
  workers?: number;
}

export const withCommon = (cmd: Command) =>
  cmd
    .option('--content <dir>', 'content folder', parseFolder('content folder', '--content content'), 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--base-url <url>', "override site.yaml's baseUrl", parseUrl)
    .addOption(new Option('--reporter <name>', 'how to print errors').choices(['pretty', 'json', 'github']).default('pretty'))
    .option('--quiet', 'print nothing but errors')
    .option('--profile', 'print time per pass and phase')
    .option('--debug', 'print stack traces for internal failures')
    .option('--no-cache', 'ignore and do not update the build cache (a cold build)')
    .option('--workers <n>', 'render on n worker threads (default: all cores)', parseWorkers)
    .option('--force', 'replace an output folder that legalsite did not make (never the project, content or home folder)')
    .exitOverride();
