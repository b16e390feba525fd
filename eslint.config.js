import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
  {
    // Black-box tests read arbitrary JSON answers.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/server/config.ts', 'tests/**', 'vite.config.ts', 'drizzle.config.ts', 'src/server/start.ts', 'src/server/dev.ts', 'src/server/console-build.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
)
