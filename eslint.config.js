import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import house from './tests/lint/import-cycles.js'

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'data', 'node_modules', 'coverage', 'src/server/db/migrations', 'bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only the config module may read the environment (STYLE §7).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: '请通过 src/server/config.ts 读取环境变量' }],
    },
  },
  // The layout keeps itself true (issue #9): each layer imports only downwards, and features stay apart.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(app|server|sim)(/|$)', message: 'src/shared 是同构的：不引用 app、server 或 sim' },
        { regex: '^node:', message: 'src/shared 是同构的：不使用 Node 接口' },
      ] }],
    },
  },
  {
    // Inside shared: the contract is built on the domain rules and the texts, never the reverse (issue #40).
    files: ['src/shared/domain/**', 'src/shared/messages/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(app|server|sim)(/|$)', message: 'src/shared 是同构的：不引用 app、server 或 sim' },
        { regex: '^node:', message: 'src/shared 是同构的：不使用 Node 接口' },
        { regex: '^\\.\\./contract(/|$)', message: '领域规则和文案不引用接口定义：接口定义建立在它们之上' },
      ] }],
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(server|sim)(/|$)', message: '控制台不引用服务器或模拟器的代码：经由 src/shared 的接口表' },
      ] }],
    },
  },
  {
    files: ['src/app/features/*/*'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(server|sim)(/|$)', message: '控制台不引用服务器或模拟器的代码：经由 src/shared 的接口表' },
        { regex: '^\\.\\./(?!\\.\\.)[^/]+(/|$)', message: '功能目录之间不互相引用：共用的部分放进 src/app/components' },
        { regex: '(^|/)features/', message: '功能目录之间不互相引用：共用的部分放进 src/app/components' },
      ] }],
    },
  },
  {
    // Below the modules: database, authentication, cryptography, HTTP plumbing and SMS know no module, protocol,
    // demo or start-up code (those are built on them).
    files: ['src/server/db/**', 'src/server/auth/**', 'src/server/crypto/**', 'src/server/http/**', 'src/server/sms/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./(modules|protocol|openapi|demo|startup)(/|$)', message: '底层目录不向上引用模块、协议、演示或启动代码' },
        { regex: '^(\\.\\./)+(app|sim)(/|$)', message: '服务器不引用控制台或模拟器的代码' },
      ] }],
    },
  },
  {
    files: ['src/server/modules/**', 'src/server/protocol/**', 'src/server/openapi/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(demo|startup)(/|$)', message: '模块不引用演示或启动代码' },
        { regex: '^(\\.\\./)+(app|sim)(/|$)', message: '服务器不引用控制台或模拟器的代码' },
      ] }],
    },
  },
  {
    // No import circles, and no file of src/ over 400 lines (issue #40): a registry imports its parts, never the
    // reverse, and what two modules both need lives in a third, lower one. Tests may exceed the length.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { house },
    rules: {
      'house/no-import-cycle': 'error',
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines': 'off' },
  },
  {
    // Black-box tests read arbitrary JSON answers, and may drive the simulator against the code they test.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/config.ts', 'tests/**', 'vite.config.ts', 'drizzle.config.ts', 'src/server/start.ts', 'src/server/dev.ts', 'src/server/console-build.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
)
