/** pdf-parse's library entry (its index.js reads a test file when loaded without a parent module). */
declare module 'pdf-parse/lib/pdf-parse.js' {
  import pdf from 'pdf-parse';
  export default pdf;
}
