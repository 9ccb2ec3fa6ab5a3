export * from './api/use-inventory.ts';
export { CellDialog } from './components/cell-dialog.tsx';
export { CustomerPicker } from './components/customer-picker.tsx';
export { InventoryGrid, InventoryLegend, latestCell, type CellRef } from './components/inventory-grid.tsx';
