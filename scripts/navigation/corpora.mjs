// The pinned corpora of check:navigation and check:references, each with the oracle that answers on it
// (scripts/navigation/<oracle>.mjs). See check-navigation.mjs for what each one is.
export const CORPORA = {
  effect: { oracle: 'typescript', spec: 'effect@3.19.3', folder: 'src', language: 'typescript' },
  rxjs: { oracle: 'typescript', spec: 'rxjs@7.8.2', folder: 'src', language: 'typescript' },
  zod: { oracle: 'typescript', spec: 'zod@4.1.12', folder: 'src', language: 'typescript' },
  'query-core': { oracle: 'typescript', spec: '@tanstack/query-core@5.90.2', folder: 'src', language: 'typescript' },
  mobx: { oracle: 'typescript', spec: 'mobx@6.13.7', folder: 'src', language: 'typescript' },
  express: { oracle: 'typescript', spec: 'express@4.21.2', folder: '.', language: 'javascript' },
  protobuf: { oracle: 'gotypes', spec: 'golang-google-protobuf-dev=1.28.1-3', folder: 'google.golang.org/protobuf', dependencies: ['golang-github-google-go-cmp-dev=0.5.9-1'] },
  goldmark: { oracle: 'gotypes', spec: 'golang-github-yuin-goldmark-dev=1.5.4-1', folder: 'github.com/yuin/goldmark' },
  gocmp: { oracle: 'gotypes', spec: 'golang-github-google-go-cmp-dev=0.5.9-1', folder: 'github.com/google/go-cmp' },
  click: { oracle: 'jedi', spec: 'python3-click=8.1.3-2', folder: 'click', language: 'python' },
  werkzeug: { oracle: 'jedi', spec: 'python3-werkzeug=2.2.2-3+deb12u1', folder: 'werkzeug', language: 'python' },
  sphinx: { oracle: 'jedi', spec: 'python3-sphinx=5.3.0-4', folder: 'sphinx', language: 'python' },
  'jdk-http': { oracle: 'javac', spec: 'temurin-25.0.3+9:java.net.http', jdk: 'Temurin-25.0.3+9', module: 'java.net.http' },
  javac: { oracle: 'javac', spec: 'temurin-25.0.3+9:jdk.compiler', jdk: 'Temurin-25.0.3+9', module: 'jdk.compiler' },
  lua: { oracle: 'clangd', spec: 'lua/lua@53b41d0', repo: 'lua/lua', commit: '53b41d0cddd80bf33fdc631bdd32e3ba53842b89', language: 'c', flags: ['-std=c99', '-I{root}', '-DLUA_USE_LINUX'] },
  leveldb: {
    oracle: 'clangd',
    spec: 'google/leveldb@78a352f',
    repo: 'google/leveldb',
    commit: '78a352f47ed6c1e9d750545e9b242289185b87e1',
    language: 'cpp',
    flags: ['-std=c++17', '-I{root}', '-I{root}/include', '-DLEVELDB_PLATFORM_POSIX=1'],
    // Its git submodules, which its tests and benchmarks include (without them those files do not compile, and clangd
    // answers there with declarations where it otherwise goes to definitions).
    dependencies: [
      { repo: 'google/googletest', commit: '662fe38e44900c007eccb65a5d2ea19df7bd520e', include: ['googletest/include', 'googlemock/include'] },
      { repo: 'google/benchmark', commit: 'f7547e29ccaed7b64ef4f7495ecfff1c9f6f3d03', include: ['include'] },
    ],
  },
};

