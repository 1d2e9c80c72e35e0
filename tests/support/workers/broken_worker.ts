/** A worker that fails while loading. */
throw new Error("this worker cannot load");
