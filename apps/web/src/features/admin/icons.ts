export * from './components/icons.ts';
