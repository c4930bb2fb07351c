package dev.bearings.core.embed;

/** Small vector arithmetic on {@code float[]}. */
public final class Vectors {

    private Vectors() {
    }

    public static double dot(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("dimensions differ: " + a.length + " and " + b.length);
        }
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    public static double norm(float[] a) {
        return Math.sqrt(dot(a, a));
    }

    public static double cosine(float[] a, float[] b) {
        double denominator = norm(a) * norm(b);
        return denominator == 0 ? 0 : dot(a, b) / denominator;
    }

    /** Scales a vector to unit length in place; a zero vector stays zero. */
    public static float[] normalize(float[] a) {
        double norm = norm(a);
        if (norm > 0) {
            for (int i = 0; i < a.length; i++) {
                a[i] = (float) (a[i] / norm);
            }
        }
        return a;
    }
}
