import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String cmd = in.next();
        if (cmd.equals("add")) { System.out.println(in.nextLong() + in.nextLong()); return; }
        if (cmd.equals("loop")) { long x = 0; while (x >= 0) x = (x + 1) & 0xffffffL; }
        if (cmd.equals("mem")) {
            int mb = in.nextInt();
            List<byte[]> keep = new ArrayList<>();
            for (int i = 0; i < mb; i++) { byte[] b = new byte[1 << 20]; Arrays.fill(b, (byte) (i | 1)); keep.add(b); }
            System.out.println(keep.size());
            return;
        }
        if (cmd.equals("exit")) System.exit(3);
        System.exit(2);
    }
}
