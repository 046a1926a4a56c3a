/**
 * The file as a whole is not in the format it was read as: wrong header, not JSON, JSON of another
 * shape, empty, or too broken to read. Its message is written for the person who chose the file.
 */
export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

/** No known format could be told from the file's content: the user has to name its source. */
export class UnrecognizedFormatError extends ImportFormatError {
  constructor() {
    super("the file's format was not recognized");
    this.name = 'UnrecognizedFormatError';
  }
}
