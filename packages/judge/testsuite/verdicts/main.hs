import Control.Exception (evaluate)
import qualified Data.ByteString as BS
import System.Exit

spin :: Int -> Int
spin x = if x < 0 then x else spin (x + 1)

grab :: Int -> [BS.ByteString] -> IO [BS.ByteString]
grab 0 acc = return acc
grab k acc = do
  b <- evaluate (BS.replicate 1048576 (fromIntegral (k `mod` 250 + 1)))
  grab (k - 1) (b : acc)

main :: IO ()
main = do
  d <- words <$> getContents
  case d of
    ["add", a, b] -> print (read a + read b :: Integer)
    ["loop"] -> print (spin 0)
    ["mem", n] -> do
      keep <- grab (read n) []
      print (length keep + sum (map (fromIntegral . BS.head) keep) * 0)
    ["exit"] -> exitWith (ExitFailure 3)
    _ -> exitWith (ExitFailure 2)
