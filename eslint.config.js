import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// One kit for form controls (issue #18 item 4): a select or textarea is SelectField/TextareaField
// of components/ui/field.tsx, with its label and its error next to it.
const rawFormControls = {
  selector: 'JSXOpeningElement[name.name=/^(select|textarea)$/]',
  message: 'Use SelectField/TextareaField de apps/web/src/components/ui/field.tsx (rótulo e erro juntos).',
};

const safeParseInForms = {
  selector: "CallExpression[callee.property.name='safeParse']",
  message: 'Formulários usam react-hook-form com zodResolver e o schema de @urbana/shared.',
};

const localFormatters = [
  {
    selector:
      "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]",
    message: 'Use formatDate/formatDateTime/formatMoney/formatInteger de @urbana/shared (lib/).',
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: 'Use formatDate/formatDateTime/formatMoney/formatInteger de @urbana/shared (lib/).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // One-way imports (ARCHITECTURE.md): shared ← apps; the web app and the API never reach into
      // each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps' },
            { target: './apps/web', from: './apps/api' },
            { target: './apps/api', from: './apps/web' },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One API client (issue #18 item 4): the web app calls servers only through lib/api-client.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use api() ou apiFile() de apps/web/src/lib/api-client.ts.' },
      ],
    },
  },
  {
    // One formatting module (issue #18 item 4): dates and money in pt-BR and Brasília time come from
    // packages/shared/src/lib/{dates,money,figures}.ts, never from a local Intl formatter.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/*/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...localFormatters] },
  },
  {
    // One way to build a form (issue #18 item 4): react-hook-form with the shared zod schema through
    // zodResolver, errors next to the fields; not a hand-written safeParse and error map
    // (docs/decisions/042-one-way-in-the-web-app.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...localFormatters, safeParseInForms, rawFormControls],
    },
  },
  {
    // The kit itself is where the one <select> and <textarea> live.
    files: ['apps/web/src/components/ui/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...localFormatters, safeParseInForms] },
  },
  {
    files: ['scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
