// `os`: the sandbox's machine as kitsh presents it (its hostname and user from the
// environment, a Linux x64 machine, the working directory's filesystem for tmpdir).

const env = () => process.env;

const os = {
  EOL: '\n',
  devNull: '/dev/null',
  arch: () => 'x64',
  platform: () => 'linux',
  type: () => 'Linux',
  release: () => '6.1.0-kitsh',
  version: () => '#1 SMP kitsh',
  machine: () => 'x86_64',
  hostname: () => env().HOSTNAME || 'kitsh',
  homedir: () => env().HOME || '/home/user',
  tmpdir: () => {
    const t = env().TMPDIR || env().TMP || env().TEMP || '/tmp';
    return t.length > 1 && t.endsWith('/') ? t.slice(0, -1) : t;
  },
  endianness: () => 'LE',
  uptime: () => Math.floor(process.uptime()) + 1000,
  loadavg: () => [0, 0, 0],
  totalmem: () => 8589934592,
  freemem: () => 4294967296,
  availableParallelism: () => 1,
  cpus: () => [{ model: 'kitsh virtual CPU', speed: 2000, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } }],
  networkInterfaces: () => ({}),
  userInfo: () => ({
    uid: 1000,
    gid: 1000,
    username: env().USER || env().LOGNAME || 'user',
    homedir: env().HOME || '/home/user',
    shell: env().SHELL || '/bin/bash',
  }),
  getPriority: () => 0,
  setPriority: () => {},
  constants: { signals: { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 }, errno: {}, priority: {} },
};

module.exports = os;
