/**
 * Which environment variables a saved stdio server may set: an allow-list, not a block-list. A name
 * is accepted when it ends in one of the suffixes of configuration a server reads (`_TOKEN`, `_URL`,
 * ...) or is listed in `STUDIO_STDIO_ALLOWED_ENV`, and is not a variable that changes which code a
 * runtime, loader or shell runs, where it trusts TLS, or where it sends traffic. The deny list wins
 * over both. Names compare without case (`npm_config_*` and `NPM_CONFIG_*` alike). Pure.
 */
import { checkFailed, type CheckResult } from '../errors';
import { listInWords } from '../list-in-words';

export const allowedEnvSuffixes = [
  '_TOKEN',
  '_API_KEY',
  '_KEY',
  '_SECRET',
  '_PASSWORD',
  '_URL',
  '_ENDPOINT',
  '_HOST',
  '_PORT',
  '_REGION',
  '_PROJECT',
  '_ORG',
  '_WORKSPACE',
  '_ACCOUNT',
  '_ID',
  '_USER',
  '_LOG_LEVEL',
] as const;

/**
 * Loader and behaviour variables of runtimes, shells and tools, by prefix (`NODE_OPTIONS`,
 * `PYTHONWARNINGS`, `LD_PRELOAD`): every runtime of `interpreterNames` (`bare-interpreters.ts`)
 * has its own here (`R_PROFILE_USER`, `JULIA_PROJECT`, `TS_NODE_PROJECT`, `DOCKER_HOST`, ...).
 */
const deniedPrefixes = [
  ...['NODE_', 'NPM_', 'YARN_', 'PNPM_', 'COREPACK_', 'DENO_', 'BUN_', 'ELECTRON_', 'TS_NODE_', 'TSX_'],
  ...['PYTHON', 'PIP_', 'PIPX_', 'UV_', 'CONDA', 'POETRY_', 'PERL', 'RUBY', 'GEM_', 'BUNDLE_', 'PHP'],
  ...['JAVA_', 'JDK_', '_JAVA_', 'KOTLIN_', 'SCALA_', 'GROOVY_', 'DOTNET_', 'COMPLUS_', 'CORECLR_'],
  ...['CARGO_', 'RUST', 'CGO_', 'R_', 'JULIA_', 'LUA_', 'TCL_', 'DOCKER_', 'CONTAINER_', 'CONTAINERS_'],
  ...['LD_', 'DYLD_', 'MALLOC_', 'GLIBC_', 'OPENSSL_', 'SSL', 'CURL_', 'GIT_', 'XDG_'],
  ...['SHELL', 'BASH_', 'ZSH', 'ZDOTDIR', 'KSH_', 'PROMPT_', 'POWERSHELL_', 'SUDO_'],
];

/** Whole names: search paths, helpers a program starts, the home and temp directories, TLS trust. */
const deniedNames = new Set([
  ...['PATH', 'CDPATH', 'ENV', 'IFS', 'HOME', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'TMPDIR', 'TMP', 'TEMP'],
  ...['BROWSER', 'EDITOR', 'VISUAL', 'PAGER', 'LESSOPEN', 'LESSCLOSE', 'MANPAGER', 'INPUTRC', 'TERMINFO'],
  ...['GCONV_PATH', 'LOCPATH', 'NLSPATH', 'HOSTALIASES', 'RES_OPTIONS', 'LOCALDOMAIN', 'CLASSPATH'],
  ...['VIRTUAL_ENV', 'WGETRC', 'TZDIR', 'PS1', 'PS2', 'PS3', 'PS4'],
  ...['GOFLAGS', 'GOPATH', 'GOROOT', 'GOBIN', 'GOENV', 'GOPROXY', 'GOTOOLCHAIN', 'GODEBUG', 'GOEXPERIMENT'],
  ...['GOWORK', 'GOPRIVATE', 'GONOPROXY', 'GONOSUMDB', 'GOSUMDB', 'GOINSECURE', 'GOCACHE', 'GOMODCACHE'],
  ...['TCLLIBPATH', 'IRBRC', 'AWKPATH', 'AWKLIBPATH', 'PSMODULEPATH', 'COMSPEC', 'PATHEXT'],
]);

/** Suffixes of the same kind in any tool's variables (`HTTPS_PROXY`, `MAVEN_OPTS`, `REQUESTS_CA_BUNDLE`). */
const deniedSuffixes = [
  '_PROXY',
  '_OPTIONS',
  '_OPTS',
  '_PATH',
  '_HOME',
  '_PRELOAD',
  '_CA_BUNDLE',
  '_CA_CERTS',
  '_CA_FILE',
  '_CERT_FILE',
  '_CONFIG_FILE',
  '_REJECT_UNAUTHORIZED',
];

/** The syntax of a variable name (letters, digits and `_`, not starting with a digit). */
export const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether setting this variable could change which code the child runs, what it trusts or where it connects. */
export function isRuntimeVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    deniedNames.has(upper) ||
    deniedPrefixes.some((prefix) => upper.startsWith(prefix)) ||
    deniedSuffixes.some((suffix) => upper.endsWith(suffix))
  );
}

/** The refusal of a runtime or loader variable: the same words for the input schema and the deployment checks. */
export function runtimeVariableMessage(name: string): string {
  return `The environment variable ${name} may not be set for a stdio server: it changes which code a runtime, loader or shell runs, what it trusts or where it connects (NODE_*, PYTHON*, LD_*, *_PROXY, PATH and the like are refused, even when listed in STUDIO_STDIO_ALLOWED_ENV).`;
}

/**
 * One stored env name under the deployment's extra names (`STUDIO_STDIO_ALLOWED_ENV`): the name, or
 * why it is refused (the path is the name).
 */
export function checkEnvName({
  name,
  allowedEnv,
}: {
  name: string;
  allowedEnv: readonly string[];
}): CheckResult<string> {
  if (isRuntimeVariable(name)) return checkFailed(runtimeVariableMessage(name), name);
  const upper = name.toUpperCase();
  const listed = allowedEnvSuffixes.some((suffix) => upper.endsWith(suffix)) || allowedEnv.includes(name);
  if (listed) return { ok: true, value: name };
  return checkFailed(
    `The environment variable ${name} may not be set for a stdio server: accepted names end in ` +
      `${listInWords(allowedEnvSuffixes, 'or')}, or are listed in ` +
      'STUDIO_STDIO_ALLOWED_ENV (settings.stdioAllowedEnv).',
    name,
  );
}
