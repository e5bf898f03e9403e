export { checkRows } from './check';
export { csvTemplate, parseReadingsCsv } from './csv';
export { listMachines } from './machines';
export { exportReadings, listReadings, storePhoto, usage } from './readings';
export { submitReadings } from './submit';
