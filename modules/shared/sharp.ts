/**
 * sharp with libvips' operation cache set by SHARP_CACHE (off): every module that draws or reads images
 * takes sharp from here. Imported when the first image is processed, not at start: sharp (libvips) is
 * about 22 MB resident.
 */
import sharp from "sharp";
import { SHARP_CACHE } from "#config/constants.ts";

sharp.cache({ ...SHARP_CACHE });

export default sharp;
