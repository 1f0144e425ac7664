<?php
this is not a program !!!
